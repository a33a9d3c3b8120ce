import { configure } from '@testing-library/react';

// Finds and waitFors give a busy CI machine (vitest beside typecheck, lint and the build on two
// cores) 5 s instead of 1 s; a query that can never match still fails, only later.
configure({ asyncUtilTimeout: 5000 });

// jsdom lacks matchMedia, which antd's responsive helpers and our theme default call.
if (!window.matchMedia) {
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
