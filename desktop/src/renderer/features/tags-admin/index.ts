// The tags screen's door: a tag colour's readable text colour (the kanban's lanes) and the /tags page.
export { textOn } from './tags-admin.logic';
export { tagsAdminRoutes } from './tags-admin.routes';
