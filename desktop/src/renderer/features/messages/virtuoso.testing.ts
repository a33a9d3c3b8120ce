// jsdom neither lays out nor scrolls. With VirtuosoMockContext giving the sizes, the list only
// needs scrollTo/scrollBy to move scrollTop and say so, as a browser would.
const jsdomScrollTo = function (this: Element, a?: ScrollToOptions | number, b?: number) {
  const top = typeof a === 'object' ? a.top : b;
  if (top !== undefined) this.scrollTop = Math.max(0, top);
  this.dispatchEvent(new Event('scroll'));
};
const jsdomScrollBy = function (this: Element, a?: ScrollToOptions | number, b?: number) {
  const top = typeof a === 'object' ? (a.top ?? 0) : (b ?? 0);
  jsdomScrollTo.call(this, { top: this.scrollTop + top });
};
Element.prototype.scrollTo = jsdomScrollTo as Element['scrollTo'];
Element.prototype.scrollBy = jsdomScrollBy as Element['scrollBy'];
export {};
