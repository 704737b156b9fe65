export { startFeedbackService, feedbackService, SERVICE_NAME, type FeedbackServiceHandle } from './feedback-service';
export { loadFeedbackConfig, type FeedbackConfig } from './config';
