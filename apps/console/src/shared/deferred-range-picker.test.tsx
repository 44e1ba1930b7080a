import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { DeferredRangePicker } from './deferred-range-picker';

const placeholder: [string, string] = ['from', 'to'];

describe('DeferredRangePicker', () => {
  it('shows a stand-in until the user reaches for it, then antd’s picker, open', async () => {
    const { container } = render(<DeferredRangePicker placeholder={placeholder} />);
    expect(container.querySelector('.ant-picker-range')).toBeNull();
    const standIn = screen.getByPlaceholderText('from → to');
    fireEvent.focus(standIn);
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).not.toBeNull());
    await waitFor(() => expect(document.querySelector('.ant-picker-dropdown')).not.toBeNull());
    expect(screen.queryByPlaceholderText('from → to')).toBeNull();
  });

  it('loads the picker at once when it has a value to show (a filter from the URL)', async () => {
    const value: [dayjs.Dayjs, dayjs.Dayjs] = [dayjs('2026-11-01'), dayjs('2026-11-30')];
    const { container } = render(<DeferredRangePicker placeholder={placeholder} value={value} />);
    await waitFor(() => expect(container.querySelector('.ant-picker-range')).not.toBeNull());
    expect(screen.getByDisplayValue('2026-11-01')).toBeTruthy();
    expect(document.querySelector('.ant-picker-dropdown')).toBeNull();
  });
});
