/**
 * How nginx treats an API instance that refuses a connection (deploy/nginx-config.ts), and so how
 * long a rolling restart waits between instances (deploy/activate.ts): nginx skips a failed
 * instance for this long, and were the next one stopped within it, nginx would have none left.
 */
export const UPSTREAM_FAIL_TIMEOUT_SECONDS = 5;

/** After an instance answers again: nginx is trying it again before the next one stops. */
export const RESTART_SETTLE_SECONDS = UPSTREAM_FAIL_TIMEOUT_SECONDS + 1;
