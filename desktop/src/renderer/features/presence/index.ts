// The presence feature's door (issue 30 §1): the top bar's online / away toggle.
export { PresenceToggle } from './PresenceToggle';
