export declare const NGINX_TEMPLATE: string;
export declare const UPSTREAM_SERVER_PARAMETERS: string;
export declare function placeholdersOf(template: string): string[];
export declare function upstreamServers(addresses: string[]): string;
export declare function renderNginxConfig(values: Record<string, string>, template?: string): string;
