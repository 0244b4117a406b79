/** A customer (spec 02 §3); `Reseller` is the id of its main reseller. */
export interface Customer {
  Id: number;
  Name: string;
  Country: string | null;
  IsReseller: boolean;
  Reseller: number | null;
  Email: string | null;
  Features: string[];
  RTDInterval: number | null;
  RTDIntegration: boolean;
  RTDIntegrationId: number | null;
  RTDIntCustId: string | null;
  /** YYYY-MM-DD. */
  Start: string | null;
}

/** A configuration group; CustomerId null means every customer may use it. */
export interface ConfigurationGroup {
  Id: number;
  Name: string;
  CustomerId: number | null;
  Version: number;
}
