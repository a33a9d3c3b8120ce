/** YouTube's thumbnail of a video (the /helps cards; decision 0273). */
export const thumbnailUrl = (video: string): string => `https://i.ytimg.com/vi/${encodeURIComponent(video)}/hqdefault.jpg`;

/** The privacy-enhanced player of a video, playing at once (the /helps modal). */
export const embedUrl = (video: string): string => `https://www.youtube-nocookie.com/embed/${encodeURIComponent(video)}?autoplay=1&rel=0`;
