import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { BLIND_BOX_COUNTS, fieldLabel, GAME_PAGE_DEFAULTS } from '@campaign/contract/client';
import { Button, ColorPicker, Input, Radio } from 'antd';
import type { ReactNode } from 'react';
import type { CampaignDraft } from '#console/shared/campaign/api';
import type { Path } from './draft-util';
import { et } from './editor-messages';
import './game-slot.css';

type Page = NonNullable<NonNullable<CampaignDraft['activity']>['page']>;

interface Props {
  draft: CampaignDraft;
  onChange: (path: Path, value: unknown) => void;
  errors: Record<string, string>;
  readOnly?: boolean;
}

/** The keys this panel edits (the generic form leaves them out). */
export const GAME_PAGE_KEYS = Object.keys(GAME_PAGE_DEFAULTS).map((k) => `activity.page.${k}`);

/** A suggested palette: the wheel's festive red and gold, and a 双十二 orange and blue. */
const SWATCHES = ['#e8282b', '#ffd46a', '#ff7a45', '#1677ff', '#52c41a', '#722ed1', '#fff6d6', '#13c2c2'];

function Row({ field, id, error, children }: { field: string; id?: string; error?: string; children: ReactNode }) {
  return (
    <div className={`of-field${error ? ' of-field--error' : ''}`}>
      <label className="of-label" htmlFor={id}>
        {fieldLabel(field)}
      </label>
      <div className="of-control">
        {children}
        {error ? (
          <div className="field-error" role="alert">
            {error}
          </div>
        ) : null}
      </div>
    </div>
  );
}

const hexOf = (c: { toHexString: () => string }) => c.toHexString().slice(0, 7);

/** The wheel's sector colours: one picker each, repeated round the wheel; a preview of the prizes on them. */
function WheelColors({ draft, onChange, errors, readOnly }: Props) {
  const colors = draft.activity?.page?.segmentColors ?? [];
  const prizes = draft.activity?.prizes ?? [];
  const set = (next: string[]) => onChange(['activity', 'page', 'segmentColors'], next);
  return (
    <Row field="segmentColors" error={errors['activity.page.segmentColors']}>
      <div className="game-colors" data-testid="wheel-colors">
        {colors.map((c, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a colour has no identity but its place
          <span className="game-colors__item" key={i}>
            <ColorPicker
              value={c}
              disabled={readOnly}
              disabledAlpha
              presets={[{ label: et('campaigns.game.palette'), colors: SWATCHES }]}
              onChangeComplete={(v) => set(colors.map((x, j) => (j === i ? hexOf(v) : x)))}
            />
            {readOnly ? null : (
              <Button
                size="small"
                type="text"
                icon={<DeleteOutlined />}
                aria-label={et('campaigns.game.removeColor', { n: i + 1 })}
                onClick={() => set(colors.filter((_x, j) => j !== i))}
              />
            )}
          </span>
        ))}
        {readOnly || colors.length >= 12 ? null : (
          <Button
            size="small"
            icon={<PlusOutlined />}
            onClick={() => set([...colors, SWATCHES[colors.length % SWATCHES.length] ?? '#e8282b'])}
          >
            {et('campaigns.game.addColor')}
          </Button>
        )}
      </div>
      <p className="muted game-hint">
        {colors.length ? et('campaigns.game.colorsHint') : et('campaigns.game.noColors')}
      </p>
      {colors.length ? (
        <ol className="game-segments" aria-label={et('campaigns.game.segments')}>
          {prizes.map((p, i) => {
            const c = colors[i % colors.length] ?? '#e8282b';
            return (
              <li key={p.id ?? i} className="game-segments__item">
                <span className="game-segments__swatch" style={{ background: c }} aria-hidden="true" />
                {p.name || et('campaigns.game.unnamed', { n: i + 1 })}
              </li>
            );
          })}
        </ol>
      ) : null}
    </Row>
  );
}

/** The 9-grid's ring, drawn as the numbers the prizes take. */
function GridLayout({ page, onChange, readOnly }: Props & { page: Page }) {
  const layout = page.gridLayout ?? GAME_PAGE_DEFAULTS.gridLayout;
  const order = layout === 'counterclockwise' ? [0, 3, 6, 7, 8, 5, 2, 1] : [0, 1, 2, 5, 8, 7, 6, 3];
  return (
    <Row field="gridLayout">
      <Radio.Group
        aria-label={fieldLabel('gridLayout')}
        disabled={readOnly}
        value={layout}
        onChange={(e) => onChange(['activity', 'page', 'gridLayout'], e.target.value)}
        optionType="button"
        options={[
          { value: 'clockwise', label: et('campaigns.game.clockwise') },
          { value: 'counterclockwise', label: et('campaigns.game.counterclockwise') },
        ]}
      />
      <div className="game-grid-demo" aria-hidden="true">
        {[0, 1, 2, 3, 4, 5, 6, 7, 8].map((cell) => (
          <span key={cell} className={cell === 4 ? 'is-button' : ''}>
            {cell === 4 ? et('campaigns.game.drawButton') : order.indexOf(cell) + 1}
          </span>
        ))}
      </div>
    </Row>
  );
}

/** The scratch card's cover: its colour (silver when none) and its words. */
function ScratchCover({ page, onChange, errors, readOnly }: Props & { page: Page }) {
  const cover = page.scratchCover ?? '';
  return (
    <>
      <Row field="scratchCover" error={errors['activity.page.scratchCover']}>
        <span className="game-colors">
          <ColorPicker
            value={cover || '#c0c4cc'}
            disabled={readOnly}
            disabledAlpha
            showText={() => (cover ? cover : et('campaigns.game.silver'))}
            onChangeComplete={(v) => onChange(['activity', 'page', 'scratchCover'], hexOf(v))}
          />
          {cover && !readOnly ? (
            <Button size="small" type="link" onClick={() => onChange(['activity', 'page', 'scratchCover'], '')}>
              {et('campaigns.game.backToSilver')}
            </Button>
          ) : null}
        </span>
      </Row>
      <Row field="scratchText" id="g-scratch-text" error={errors['activity.page.scratchText']}>
        <Input
          id="g-scratch-text"
          maxLength={12}
          showCount
          disabled={readOnly}
          value={page.scratchText ?? ''}
          placeholder={et('campaigns.game.scratchTextHint')}
          onChange={(e) => onChange(['activity', 'page', 'scratchText'], e.target.value)}
        />
      </Row>
    </>
  );
}

/** 游戏设置: the ribbon and theme of every game page, and the settings of this game's type. */
export function GameSettings(props: Props) {
  const { draft, onChange, errors, readOnly } = props;
  const type = draft.activity?.type;
  const page: Page = draft.activity?.page ?? {};
  return (
    <div className="object-form" data-testid="game-settings">
      <Row field="ribbon" id="g-ribbon" error={errors['activity.page.ribbon']}>
        <Input
          id="g-ribbon"
          maxLength={12}
          showCount
          disabled={readOnly}
          value={page.ribbon ?? ''}
          placeholder={et('campaigns.game.ribbonHint')}
          onChange={(e) => onChange(['activity', 'page', 'ribbon'], e.target.value)}
        />
      </Row>
      <Row field="theme">
        <Radio.Group
          aria-label={fieldLabel('theme')}
          disabled={readOnly}
          value={page.theme ?? GAME_PAGE_DEFAULTS.theme}
          onChange={(e) => onChange(['activity', 'page', 'theme'], e.target.value)}
          optionType="button"
          options={[
            { value: 'spring', label: et('campaigns.game.spring') },
            { value: 'plain', label: et('campaigns.game.plain') },
          ]}
        />
      </Row>
      {type === 'wheel' ? <WheelColors {...props} /> : null}
      {type === 'grid' ? <GridLayout {...props} page={page} /> : null}
      {type === 'scratch' ? <ScratchCover {...props} page={page} /> : null}
      {type === 'blindbox' ? (
        <Row field="boxCount">
          <Radio.Group
            aria-label={fieldLabel('boxCount')}
            disabled={readOnly}
            value={page.boxCount ?? GAME_PAGE_DEFAULTS.boxCount}
            onChange={(e) => onChange(['activity', 'page', 'boxCount'], e.target.value)}
            optionType="button"
            options={BLIND_BOX_COUNTS.map((n) => ({ value: n, label: et('campaigns.game.boxes', { n }) }))}
          />
        </Row>
      ) : null}
    </div>
  );
}
