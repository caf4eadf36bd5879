"""A club leaving with its data: the whole club as one file, and that file brought into a new
club of another deployment."""
