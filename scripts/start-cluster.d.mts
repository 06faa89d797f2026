import type { ChildProcess } from 'node:child_process';

export type ClusterInstance = {
  index: number;
  name: string;
  port: number;
  /** `127.0.0.1:port`, as nginx's upstream and access log name it. */
  address: string;
  url: string;
  readonly child: ChildProcess;
  output(): string;
  /** Spawns the server (again, after a kill) and resolves once /api/health/ready answers 200. */
  start(): Promise<void>;
  kill(signal?: NodeJS.Signals): Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  stop(): Promise<unknown>;
};

export type Cluster = {
  /** nginx's address. */
  url: string;
  instances: ClusterInstance[];
  nginx: { child: ChildProcess; configFile: string; accessLog: string; args: string[]; output(): string };
  dir: string;
  stop(): Promise<void>;
};

export declare function findNginx(): string | undefined;

export declare function startCluster(options: {
  databaseUrl: string | undefined;
  instances?: number;
  port?: number;
  env?: Record<string, string>;
  instanceEnv?: (index: number) => Record<string, string>;
  nodeArgs?: string[];
  /** Start the first instance before the others (default), for a database to migrate and seed. */
  firstAlone?: boolean;
  nginxPath?: string;
  onOutput?: (name: string, text: string) => void;
}): Promise<Cluster>;
