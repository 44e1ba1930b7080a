import { describe, expect, it } from 'vitest';
import { pageTitle } from './sections';

describe('the console’s page titles', () => {
  it('names the section beside the console, and the console alone elsewhere', () => {
    expect(pageTitle('/campaigns')).toBe('活动管理 - 活动运营控制台');
    expect(pageTitle('/campaigns/c-1/edit')).toBe('活动管理 - 活动运营控制台');
    expect(pageTitle('/audit')).toBe('审计日志 - 活动运营控制台');
    expect(pageTitle('/')).toBe('活动运营控制台');
    expect(pageTitle('/sign-in')).toBe('活动运营控制台');
  });
});
