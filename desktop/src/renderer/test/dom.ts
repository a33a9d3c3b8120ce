import { configure } from '@testing-library/react';

// The renderer's tests run in happy-dom (decision 0485: a fifth less CPU than jsdom for the same
// tests). What follows makes it behave as the tests were written for: no CSS animations, no
// media queries matching unless a test says so, a clipboard a test may replace.

// antd's forms post their batched updates through a MessageChannel, which happy-dom's window
// lacks: Node's, as vitest's jsdom environment gave them (reached through `process`, since the
// renderer's types have no Node).
if (!('MessageChannel' in globalThis)) {
  const node = (globalThis as { process?: { getBuiltinModule?: (id: string) => unknown } }).process?.getBuiltinModule?.('node:worker_threads') as { MessageChannel: unknown } | undefined;
  if (node) Object.defineProperty(globalThis, 'MessageChannel', { writable: true, value: node.MessageChannel });
}

// rc-motion animates antd's dialogs, drawers and popups when the window has these events, and
// only removes a closed one on `animationend`, which happy-dom never fires. Without them it
// shows and hides at once, as in a browser with animations off.
for (const name of ['AnimationEvent', 'TransitionEvent'] as const) {
  if (name in window) Reflect.deleteProperty(window, name);
}

// happy-dom's navigator.clipboard is a getter; tests put a spy in its place.
Object.defineProperty(navigator, 'clipboard', { configurable: true, writable: true, value: navigator.clipboard });

// Finds and waitFors give a busy CI machine (vitest beside typecheck, lint and the build on two
// cores) 5 s instead of 1 s; a query that can never match still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// One matchMedia that matches nothing (wide layout, light theme): tests at phone width replace
// it with one spreading this object and setting `matches`, which needs its methods as own fields.
{
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }),
  });
}

// Nor ResizeObserver, which antd's Typography ellipsis observes with.
if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.defineProperty(window, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
  Object.defineProperty(globalThis, 'ResizeObserver', { writable: true, value: NoopResizeObserver });
}

// antd's CSS-in-JS writes thousands of rules into <style data-rc-order> tags, and jsdom matches
// every rule's selector against an element on each getComputedStyle — which Testing Library's
// role queries call for every element they look at. That matching was about two thirds of a
// renderer test's CPU (issue 25). These tests assert behaviour and text, not antd's look, so its
// rules stay out of jsdom's cascade: the tag keeps its text for antd (which compares it before
// rewriting) but jsdom parses none of it. Our own index.html styles are not written this way.
const styleText = new WeakMap<HTMLStyleElement, string>();
const innerHtml = Object.getOwnPropertyDescriptor(Element.prototype, 'innerHTML')!;
Object.defineProperty(HTMLStyleElement.prototype, 'innerHTML', {
  configurable: true,
  get(this: HTMLStyleElement) {
    return styleText.get(this) ?? (innerHtml.get!.call(this) as string);
  },
  set(this: HTMLStyleElement, css: string) {
    if (this.hasAttribute('data-rc-order')) styleText.set(this, css);
    else innerHtml.set!.call(this, css);
  },
});
