-- The links removed pointed at deleted championships: nothing to put back.
SELECT 1;
