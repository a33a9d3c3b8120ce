export { TodoPage } from './TodoPage';
