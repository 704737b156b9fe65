/** Spec 4.1 rule 4: a share's 404 body is a plain string. */
export const shareNotFound = (shareId: string) => ({ status: 404 as const, text: `Share ${shareId} was not found.` });

export const shareConflict = () => ({ status: 409 as const, problem: { title: 'Conflict', detail: 'The share is being changed concurrently; try again.' } });
