// The todo list's door: its page (/todolist) only.
export { todoRoutes } from './todo.routes';
