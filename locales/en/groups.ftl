## The liguillas before the first round: drawn by lot, an entrant moved.
groups-title = Groups
groups-help = Until the first round, the groups can be drawn by lot (by pots: the top seeds each in a different group) and a pair can be moved from one group to another.
groups-draw = Draw the groups
groups-move = Move
groups-move-to = to group
groups-group = Group { $n }
done-groups-drawn = Groups drawn by pots (seed { $n }).
error-groups-none = This championship is not played in groups.
error-groups-started = The groups can no longer change: the first round is drawn.
error-groups-no-such = There is no such group:
audit-groups-draw = { $who } drew the groups by pots (seed { $seed }).
audit-groups-move = { $who } moved { $name } to group { $group }.
audit-entity-groups = the groups
