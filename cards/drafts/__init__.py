"""Card set drafts: copies of the published Machi Koro cards that designers try in the balance lab."""
