import '#web/shared/ui/antd-setup';
import CascadePicker from 'antd-mobile/es/components/cascade-picker';
import { useMemo } from 'react';
import { REGION_PLACEHOLDERS } from '#web/shared/lib/region-messages';
import { t } from '../messages';
import type { RegionChoice, RegionTree } from '../model/native-address';

interface PickerOption {
  label: string;
  value: string;
  children?: PickerOption[];
}

type Province = RegionTree['provinces'][number];
type City = Province['children'][number];

/**
 * A city the division data lists only as an administrative placeholder (市辖区 / 县 under 北京, 天津, 上海,
 * 重庆; 省直辖县级行政区划 under 湖北, 河南, 海南; 自治区直辖县级行政区划 under 新疆): not a place anyone
 * picks. Its districts stand directly under the province, as on a post office's form.
 */
const isPlaceholder = (city: City) => REGION_PLACEHOLDERS.has(city.name.trim());

/**
 * The region tree as the cascade picker's options (codes as values, names as labels). A municipality goes
 * from the province straight to its districts (北京市 → 东城区, never 北京市 → 市辖区 → 东城区); 重庆's 市辖区
 * and 县 merge into one list; a province's directly administered county-level cities (湖北省 → 仙桃市) sit
 * beside its prefectures. District codes never equal city codes, so the two kinds of option share a column.
 */
export function regionOptions(tree: RegionTree): PickerOption[] {
  return tree.provinces.map((p) => ({
    label: p.name,
    value: p.code,
    children: p.children.flatMap((c): PickerOption[] =>
      isPlaceholder(c)
        ? c.children.map((d) => ({ label: d.name, value: d.code }))
        : [{ label: c.name, value: c.code, children: c.children.map((d) => ({ label: d.name, value: d.code })) }],
    ),
  }));
}

/** The picker's path of a stored province ⊃ city ⊃ district: the placeholder city left out. */
export function pickerValue(tree: RegionTree, choice: RegionChoice | null): string[] {
  if (!choice) return [];
  const [p, c, d] = choice.codes;
  const city = tree.provinces.find((x) => x.code === p)?.children.find((x) => x.code === c);
  return city && isPlaceholder(city) ? [p, d] : [p, c, d];
}

/**
 * The province ⊃ city ⊃ district the picker's path stands for (the address keeps all three codes, the
 * placeholder city's included: the server checks they belong together). Null for an incomplete path.
 */
export function choiceOf(tree: RegionTree, path: readonly (string | null | undefined)[]): RegionChoice | null {
  const [p, second, third] = path;
  const province = tree.provinces.find((x) => x.code === p);
  if (!province) return null;
  for (const city of province.children) {
    const districtCode = isPlaceholder(city) ? second : city.code === second ? third : undefined;
    const district = districtCode ? city.children.find((x) => x.code === districtCode) : undefined;
    if (district) {
      return {
        codes: [province.code, city.code, district.code],
        names: [province.name, city.name, district.name],
      };
    }
  }
  return null;
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
      value={pickerValue(tree, value)}
      onClose={onClose}
      onConfirm={(values) => {
        const choice = choiceOf(
          tree,
          values.map((v) => (typeof v === 'string' ? v : null)),
        );
        if (choice) onChoose(choice);
      }}
    />
  );
}
