"""Progress: Evolution of Technology (seed 003): technology cards and their knowledge costs."""
