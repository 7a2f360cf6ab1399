people-member-since = desde el { $date }
people-member-until = hasta el { $date }
