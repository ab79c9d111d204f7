/** An affiliate click: recorded by FanGrid, which answers with the stream's URL carrying the referral parameter. */
export const affiliatePaths = { affiliateClicks: '/api/affiliate-clicks' } as const;
