// Helps' door (issue 14 §5): the video thumbnail (the super user's Ajuda tab) and the /helps page.
export { thumbnailUrl } from './helps.logic';
export { helpsRoutes } from './helps.routes';
