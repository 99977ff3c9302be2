// The time as the app sees it: the machine's clock in production, a fixed or moving one in tests.
export type Clock = () => Date;
