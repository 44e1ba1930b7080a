import '#web/shared/ui/antd-setup';
import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useMemo } from 'react';
import { t } from '../messages';
import type { RegionChoice, RegionTree } from '../model/native-address';

interface PickerOption {
  label: string;
  value: string;
  children?: PickerOption[];
}

/** The region tree as the cascade picker's options (codes as values, names as labels). */
export function regionOptions(tree: RegionTree): PickerOption[] {
  return tree.provinces.map((p) => ({
    label: p.name,
    value: p.code,
    children: p.children.map((c) => ({
      label: c.name,
      value: c.code,
      children: c.children.map((d) => ({ label: d.name, value: d.code })),
    })),
  }));
}

export interface RegionPickerProps {
  tree: RegionTree;
  visible: boolean;
  value: RegionChoice | null;
  onClose: () => void;
  onChoose: (choice: RegionChoice) => void;
}

/** Province → city → district from the server's GB/T 2260 tree (never a list typed into the page). */
export function RegionPicker({ tree, visible, value, onClose, onChoose }: RegionPickerProps) {
  const options = useMemo(() => regionOptions(tree), [tree]);
  return (
    <CascadePicker
      options={options}
      visible={visible}
      title={t('address.region')}
      confirmText={t('address.pickerOk')}
      cancelText={t('address.pickerCancel')}
      value={value ? value.codes : []}
      onClose={onClose}
      onConfirm={(values, extend) => {
        const [p, c, d] = values;
        const labels = extend.items.map((item) => (item ? String(item.label) : ''));
        if (typeof p === 'string' && typeof c === 'string' && typeof d === 'string') {
          onChoose({ codes: [p, c, d], names: [labels[0] ?? '', labels[1] ?? '', labels[2] ?? ''] });
        }
      }}
    />
  );
}
