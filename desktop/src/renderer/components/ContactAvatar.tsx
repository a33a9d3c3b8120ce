import { Avatar } from 'antd';
import { initials } from '../lib/format';

// Stable colour per name, so a contact keeps its colour across lists and reloads.
const palette = ['#1f7a6d', '#7a4d1f', '#1f4f7a', '#7a1f5c', '#4f7a1f', '#5c1f7a', '#7a1f1f', '#1f6a7a'];
const colourFor = (name: string): string => {
  let hash = 0;
  for (const ch of name) hash = (hash * 31 + ch.charCodeAt(0)) | 0;
  return palette[Math.abs(hash) % palette.length] ?? '#1f7a6d';
};

export const ContactAvatar = ({ name, src, size = 40 }: { name: string; src?: string | null; size?: number }) => (
  <Avatar size={size} src={src || undefined} style={{ background: colourFor(name), flexShrink: 0 }}>
    {initials(name)}
  </Avatar>
);
