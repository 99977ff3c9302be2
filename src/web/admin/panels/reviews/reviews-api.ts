// The Reviews tab's calls (issue 27 #6), typed by the call table; types only from the contract.
import { adminRoutes } from '../../../../contract/admin-routes.js';
import type { ReviewStatus } from '../../../../domain/review-fit.js';
import { shopRoutes } from '../../../../contract/routes.js';
import { caller } from '../../../api/http-api.js';

const call = caller(adminRoutes, shopRoutes);

export const reviewsKey = ['admin', 'shopper-reviews'] as const;

export const reviewsAdminApi = {
  list: (status: ReviewStatus) => call('/admin/api/reviews', { status }),
  moderate: (id: string, decision: 'approve' | 'reject') => call('/admin/api/moderateReview', { id, decision }),
};
