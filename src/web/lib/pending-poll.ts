/**
 * Query options for a payment read back after the fan returns from checkout: polled every 2 s while its status
 * is 'pending' (the provider's webhook may lag the redirect), and not retried after an error.
 */
export const pollWhilePending = {
  refetchInterval: (query: { state: { data?: { status: string } | undefined } }) =>
    query.state.data?.status === 'pending' ? 2000 : false,
  retry: false,
} as const;
