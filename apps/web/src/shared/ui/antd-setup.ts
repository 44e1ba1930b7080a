import './antd-theme.css';
import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render';
import type { ReactElement } from 'react';
import { createRoot, type Root } from 'react-dom/client';

const roots = new WeakMap<Element | DocumentFragment, Root>();

/**
 * antd-mobile v5 renders its imperative pieces (Toast, Dialog.show/alert/confirm) with the legacy
 * `ReactDOM.render`, which React 19 removed. `unstableSetRender` is its documented hook to supply a
 * `createRoot`-based renderer. Import this module before the first imperative call; every
 * per-component antd-mobile import in the app goes through a module that imports it.
 */
unstableSetRender((node: ReactElement, container: Element | DocumentFragment) => {
  let root = roots.get(container);
  if (!root) {
    root = createRoot(container);
    roots.set(container, root);
  }
  root.render(node);
  return async () => {
    // Let the close animation's last frame commit before the root goes away.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    roots.delete(container);
  };
});

export const antdReady = true;
