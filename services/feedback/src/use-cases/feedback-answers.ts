export const feedbackNotFound = (id: string) => ({ status: 404 as const, problem: { detail: `Feedback item ${id} was not found.` } });
