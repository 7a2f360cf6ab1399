people-member-since = des del { $date }
people-member-until = fins al { $date }
