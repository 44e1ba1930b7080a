import type { ConsoleStore } from '@campaign/contract/client';
import { Alert, Col, Form, Input, InputNumber, Modal, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEndpointForm } from '../../shared/hooks/use-endpoint-form';
import { t } from './messages';

type Values = Omit<ConsoleStore, 'id' | 'updatedAt'>;

/** Where an operator finds GCJ-02 coordinates for an address (no geocoder is reachable offline: ADR 0057). */
const PICKER_URL = 'https://lbs.amap.com/tools/picker';

const EMPTY: Partial<Values> = { accepts: [], hours: '09:00-17:00' };

/** The store's inputs with the schema's rules; coordinates entered or picked by the operator (ADR 0057). */
function StoreFields({ rules }: { rules: (field: string) => Rule[] }) {
  return (
    <>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="name" label={t('stores.form.name')} rules={rules('name')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item name="phone" label={t('stores.form.phone')} rules={rules('phone')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="address" label={t('stores.form.address')} rules={rules('address')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Row gutter={16}>
        <Col span={12}>
          <Form.Item name="cityName" label={t('stores.form.cityName')} rules={rules('cityName')}>
            <Input autoComplete="off" />
          </Form.Item>
        </Col>
        <Col span={12}>
          <Form.Item
            name="cityCode"
            label={t('stores.form.cityCode')}
            extra={t('stores.form.cityCodeHint')}
            rules={rules('cityCode')}
          >
            <Input autoComplete="off" inputMode="numeric" />
          </Form.Item>
        </Col>
      </Row>
      <fieldset className="store-coords">
        <legend>{t('stores.form.coords')}</legend>
        <Typography.Paragraph type="secondary" className="store-coords__hint">
          {t('stores.form.coordsHint')}{' '}
          <a href={PICKER_URL} target="_blank" rel="noreferrer">
            {t('stores.form.picker')}
          </a>
        </Typography.Paragraph>
        <Row gutter={16}>
          <Col span={12}>
            <Form.Item name="lng" label={t('stores.form.lng')} rules={rules('lng')}>
              <InputNumber style={{ width: '100%' }} step={0.000001} precision={6} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="lat" label={t('stores.form.lat')} rules={rules('lat')}>
              <InputNumber style={{ width: '100%' }} step={0.000001} precision={6} />
            </Form.Item>
          </Col>
        </Row>
      </fieldset>
      <Form.Item name="hours" label={t('stores.form.hours')} extra={t('stores.form.hoursHint')} rules={rules('hours')}>
        <Input autoComplete="off" />
      </Form.Item>
      <Form.Item name="accepts" label={t('stores.form.accepts')} extra={t('stores.form.acceptsHint')}>
        <Select mode="tags" open={false} suffixIcon={null} aria-label={t('stores.form.accepts')} />
      </Form.Item>
    </>
  );
}

/** Create a store (`store` null) or edit one; the server's field errors land under their inputs. */
export function StoreFormModal({
  open,
  store,
  onClose,
  onSaved,
}: {
  open: boolean;
  store: ConsoleStore | null;
  onClose: () => void;
  onSaved: (s: ConsoleStore) => void;
}) {
  const save = useEndpointForm<'consoleStoreSave', Values>('consoleStoreSave', {
    invalidates: ['consoleStores'],
    toPayload: (v) => ({ body: { ...v, id: store?.id, accepts: v.accepts ?? [] } }),
    onSuccess: (s) => onSaved(s),
  });
  const title = store ? t('stores.form.title.edit', { name: store.name }) : t('stores.form.title.new');
  return (
    <Modal
      open={open}
      title={title}
      width={720}
      onCancel={onClose}
      onOk={save.submit}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      confirmLoading={save.submitting}
      destroyOnHidden
    >
      {save.error ? (
        <Alert type="error" showIcon title={save.error.message} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <Form {...save.formProps} key={store?.id ?? 'new'} preserve={false} initialValues={store ?? EMPTY}>
        <StoreFields rules={save.rules} />
      </Form>
    </Modal>
  );
}
