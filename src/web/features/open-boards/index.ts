/**
 * The open-boards feature's public surface: the list of boards taking entries now, for the "Open boards" section
 * of the home page and the sports hub. Screens import it lazily (`import('../../open-boards')`), so its code and
 * its query come after the first paint, into room the screen holds for it (`openBoardsRoom`).
 */
export { default, default as OpenBoardsList } from './components/open-boards-list';
