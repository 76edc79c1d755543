// The operator feature: the platform operator's area (/operator).
export {};
