/** What other features use of the users feature (import it from here, not from its files). */
export { UsersPanel } from './components/UsersPanel';
export { userKeys, userQueries } from './api/users';
