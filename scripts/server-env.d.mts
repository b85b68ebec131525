/** `env` with the server's defaults added (values already set are kept); see server-env.mjs. */
export function serverEnv(env?: NodeJS.ProcessEnv): NodeJS.ProcessEnv;
