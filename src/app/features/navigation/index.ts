/** The navigation's public API: the header renders the main menu. */
export { MainNav } from './components/MainNav';
