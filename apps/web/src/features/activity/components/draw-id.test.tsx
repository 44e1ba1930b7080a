import { afterEach, describe, expect, it, vi } from 'vitest';
import { type NavigateFn, NavigatorContext } from '#web/shared/navigation/navigation';
import { cleanup, fire, render } from '#web/shared/testing/render';
import { DrawId as Bare } from './draw-id';

function DrawId({ drawId }: { drawId: string }) {
  return (
    <NavigatorContext.Provider value={vi.fn() as unknown as NavigateFn}>
      <Bare drawId={drawId} />
    </NavigatorContext.Provider>
  );
}

const ID = '019ad7c1f2a0b3c4d5e6f7a8b9c0';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  window.history.replaceState(null, '', '/');
});

function copyButton(container: HTMLElement) {
  const button = container.querySelector<HTMLButtonElement>('[data-testid="draw-id"] button');
  if (!button) throw new Error('no copy button');
  return button;
}

describe('DrawId', () => {
  it('links to the verify page with the id and the corp filled in', () => {
    window.history.replaceState(null, '', '/newPrizeList?corpId=demo');
    const { container } = render(<DrawId drawId={ID} />);
    expect(container.querySelector('[data-testid="draw-id-verify"]')?.getAttribute('href')).toBe(
      `/verify?corpId=demo&drawId=${ID}`,
    );
    expect(container.querySelector('code')?.textContent).toBe(ID);
  });

  it('copies the id through the Clipboard API and says 已复制', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    const { container } = render(<DrawId drawId={ID} />);
    fire.click(copyButton(container));
    await vi.waitFor(() => expect(writeText).toHaveBeenCalledWith(ID));
    await vi.waitFor(() => expect(document.body.textContent).toContain('已复制'), { timeout: 10_000 });
  }, 15_000);

  it('falls back to a selection copy in a webview that refuses the clipboard', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn(async () => Promise.reject(new Error('denied'))) },
    });
    const copied: string[] = [];
    document.execCommand = vi.fn((command: string) => {
      const area = document.querySelector('textarea');
      if (command === 'copy' && area) copied.push(area.value);
      return true;
    });
    const { container } = render(<DrawId drawId={ID} />);
    fire.click(copyButton(container));
    await vi.waitFor(() => expect(copied).toEqual([ID]));
    await vi.waitFor(() => expect(document.body.textContent).toContain('已复制'), { timeout: 10_000 });
    expect(document.querySelector('textarea')).toBeNull();
  }, 15_000);
});
