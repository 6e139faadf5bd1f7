export declare const BASE_HEADERS: { key: string; value: string }[];
export declare const API_CSP: string;
export declare const HOSTED_CSP: string;
export declare const LOGIN_CSP: string;
export declare const DOCS_CSP: string;
export declare function appCsp(nonce: string, dev?: boolean): string;
