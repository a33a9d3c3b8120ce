// The logos' door (issue 14 §4): the logo, the favicon and what the super user's Logo tab changes.
export { Logo } from './Logo';
export { setLogoUrl, useFavicon, useLogoSrc } from './logos.store';
