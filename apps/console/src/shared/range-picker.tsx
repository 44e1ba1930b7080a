import { DatePicker } from 'antd';

/** antd's RangePicker on its own, so deferred-range-picker.tsx can load it (and rc-picker) when it is wanted. */
export default DatePicker.RangePicker;
