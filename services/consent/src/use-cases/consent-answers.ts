/** Unknown, erased, or neither owned nor shared with the caller: 404, never revealing which. */
export const consentNotFound = () => ({ status: 404 as const, problem: { detail: 'The consent does not exist or is not accessible to this app.' } });

export const accountNotFound = () => ({ status: 404 as const, problem: { detail: 'The account does not exist or is not accessible to this app.' } });
