import { ClockCircleOutlined } from '@ant-design/icons';
import { Tag } from 'antd';
import { type MessageKey, t } from '../../shared/i18n';
import { Panel } from '../../shared/panel';
import './coming.css';

/**
 * A section that is not built yet, said plainly: what it will do, and how the work is done meanwhile. No
 * made-up numbers or rows (the next issues fill these sections).
 */
function Coming({ section, title }: { section: 'campaigns' | 'approvals'; title: MessageKey }) {
  return (
    <div className="console-page">
      <div className="console-page__head">
        <div>
          <h1 className="console-page__title">
            {t(title)}{' '}
            <Tag color="blue" bordered={false}>
              {t('coming.badge')}
            </Tag>
          </h1>
        </div>
      </div>
      <Panel className="coming">
        <div className="coming__icon" aria-hidden="true">
          <ClockCircleOutlined />
        </div>
        <h2 className="coming__title">{t(`coming.${section}.title` as MessageKey)}</h2>
        <p className="coming__body">
          <strong>{t('coming.lead', { lead: t('coming.what') })}</strong>
          {t(`coming.${section}.body` as MessageKey)}
        </p>
        <p className="coming__now">
          <strong>{t('coming.lead', { lead: t('coming.now') })}</strong>
          {t(`coming.${section}.meanwhile` as MessageKey)}
        </p>
      </Panel>
    </div>
  );
}

export const CampaignsComing = () => <Coming section="campaigns" title="nav.campaigns" />;
export const ApprovalsComing = () => <Coming section="approvals" title="nav.approvals" />;
