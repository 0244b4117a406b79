/** What other features use of the company-cards feature (import it from here, not its files). */
export { CompanyCardsPanel } from './components/CompanyCardsPanel';
