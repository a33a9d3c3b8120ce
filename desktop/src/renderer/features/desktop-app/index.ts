// The desktop app's door (issue 16): the Servidor screen (the first run's and /server) and the login page's hint.
export { ServerPage } from './ServerPage';
export { ServerHint } from './ServerHint';
export { desktopAppPublicRoutes } from './desktop-app.public-routes';
