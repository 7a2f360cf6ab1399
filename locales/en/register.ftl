people-member-since = since { $date }
people-member-until = until { $date }
