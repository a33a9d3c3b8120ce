// The profile's door: the top bar's profile modal.
export { ProfileModal } from './ProfileModal';
