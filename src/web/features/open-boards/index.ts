/**
 * The open-boards feature's public surface: the "Open boards" section the home page and the sports hub show.
 * Its list (and its query) load after the screen has painted, in a chunk of their own.
 */
export { OpenBoardsSection } from './components/open-boards-section';
