import { fireEvent, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { CampaignDraft } from '#console/shared/campaign/api';
import { envelope, renderAt, stubFetch } from '#console/shared/testing/render';
import { SimulatePanel } from './simulate-panel';

afterEach(() => vi.unstubAllGlobals());

const result = (paced: boolean) => ({
  drawsPerDay: [5000, 5000],
  payoutPerDayCents: [100_000, 80_000],
  totalPayoutCents: 180_000,
  runOut: [
    { prizeId: 'hot', name: '爆款券', won: 20, day: null, ...(paced ? { pacedOutDays: 2 } : {}) },
    { prizeId: 'thanks', name: '谢谢参与', won: 9980, day: null },
  ],
  budgetCents: 200_000,
  overBudgetChance: 0.01,
  elapsedMs: 12,
});

describe('the simulation panel', () => {
  it('shows on how many days a paced prize’s release ran out (当日抢完), and nothing of it otherwise', async () => {
    for (const paced of [true, false]) {
      stubFetch({ '/console/campaigns/simulate': () => envelope(result(paced)) });
      const view = renderAt(<SimulatePanel id="c1" draft={{} as CampaignDraft} />);
      fireEvent.click(screen.getByRole('button', { name: '运行模拟' }));
      expect(await screen.findByTestId('over-budget')).toBeTruthy();
      if (paced) {
        expect(screen.getByRole('columnheader', { name: '当日抢完' })).toBeTruthy();
        expect(screen.getByText('2 天')).toBeTruthy();
      } else {
        expect(screen.queryByRole('columnheader', { name: '当日抢完' })).toBeNull();
      }
      view.unmount();
    }
  });
});
