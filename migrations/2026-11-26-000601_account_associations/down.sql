DROP TABLE account_associations;
