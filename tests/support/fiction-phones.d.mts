export declare const FICTION_AREA_CODES: readonly number[];
export declare const FICTION_PHONE_COUNT: number;
export declare function fictionPhone(n: number): string;
