-- Issue 46: /admin/demand counts a season's pickups per slot, status and prefix (and whether moved) from this
-- covering index alone, in its order: one pass over the index, no table rows read, no sort.
CREATE INDEX `pickup_requests_demand_idx` ON `pickup_requests` (`pickup_slot_id`,`status`,`postal_fsa`,`modified_at`);
