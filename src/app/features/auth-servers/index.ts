/** What other features use of the auth-servers feature (import it from here, not its files). */
export { AuthServersPanel } from './components/AuthServersPanel';
